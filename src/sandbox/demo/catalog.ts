/** Static vocabulary for demo data: shops, people, products, reasons. */
import type { StoredStatus } from '../../api/schemas.js';

export interface DemoShop {
  readonly id: string;
  readonly name: string;
  readonly keepItem: boolean;
  /** Share of all demo orders. */
  readonly weight: number;
  readonly orderPrefix: string;
  readonly emailDomains: readonly string[];
  /** Currencies with weights; the first is the shop's main currency. */
  readonly currencies: readonly (readonly [string, number])[];
  /** [title, SKU stem, base price, variants] */
  readonly products: readonly (readonly [string, string, number, readonly string[]])[];
}

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const SHOE = ['38', '39', '40', '41', '42', '43', '44', '45'];
const COLOURS = ['Black', 'Navy', 'Olive', 'Sand', 'Rust'];

export const DEMO_SHOPS: readonly DemoShop[] = [
  {
    id: 'shop_aurora',
    name: 'Aurora Outdoor Co.',
    keepItem: true,
    weight: 0.45,
    orderPrefix: 'AO',
    emailDomains: ['example.com', 'mail.example', 'post.example.org'],
    currencies: [['EUR', 80], ['SEK', 10], ['DKK', 6], ['CHF', 4]],
    products: [
      ['Storm Shell Rain Jacket', 'AO-RJ', 189, SIZES],
      ['Ridge Down Vest', 'AO-DV', 129, SIZES],
      ['Trailhead Hiking Boots', 'AO-HB', 159, SHOE],
      ['Merino Base Layer', 'AO-MB', 69, SIZES],
      ['Summit 35L Backpack', 'AO-BP', 119, COLOURS],
      ['Alpine Softshell Pants', 'AO-SP', 99, SIZES],
      ['Wool Hiking Socks (2-pack)', 'AO-WS', 24, ['S', 'M', 'L']],
      ['Fleece Beanie', 'AO-FB', 19.9, COLOURS],
      ['Lightweight Trekking Poles', 'AO-TP', 79, ['110cm', '120cm', '130cm']],
      ['Insulated Water Bottle 750ml', 'AO-WB', 29.5, COLOURS],
      ['Camp Down Sleeping Bag', 'AO-SB', 249, ['Regular', 'Long']],
      ['Trail Running Shoes', 'AO-TR', 139, SHOE],
    ],
  },
  {
    id: 'shop_harbor',
    name: 'Harbor & Pine Home',
    keepItem: false,
    weight: 0.35,
    orderPrefix: 'HP',
    emailDomains: ['example.net', 'inbox.example', 'example.com'],
    currencies: [['USD', 88], ['CAD', 12]],
    products: [
      ['Linen Duvet Cover', 'HP-LD', 149, ['Twin', 'Queen', 'King']],
      ['Stoneware Dinner Plates (4)', 'HP-DP', 64, ['White', 'Slate', 'Sage']],
      ['Cast Iron Skillet 10"', 'HP-CS', 45, ['Standard']],
      ['Wool Throw Blanket', 'HP-WT', 89, COLOURS],
      ['Ceramic Table Lamp', 'HP-TL', 119, ['Ivory', 'Charcoal']],
      ['Turkish Cotton Towel Set', 'HP-TS', 58, ['White', 'Grey', 'Blush']],
      ['Oak Serving Board', 'HP-SB', 39.99, ['Small', 'Large']],
      ['Glass Storage Jars (3)', 'HP-GJ', 32, ['Standard']],
      ['Jute Area Rug 5x8', 'HP-JR', 229, ['Natural', 'Black trim']],
      ['Scented Soy Candle', 'HP-SC', 22, ['Pine', 'Sea Salt', 'Fig']],
    ],
  },
  {
    id: 'shop_kite',
    name: 'Kite & Kin Kids',
    keepItem: true,
    weight: 0.2,
    orderPrefix: 'KK',
    emailDomains: ['example.co.uk', 'example.org'],
    currencies: [['GBP', 85], ['EUR', 15]],
    products: [
      ['Organic Cotton Romper', 'KK-RO', 24, ['0-3m', '3-6m', '6-12m']],
      ['Puddle Rain Boots', 'KK-RB', 32, ['22', '24', '26', '28', '30']],
      ['Wooden Stacking Toy', 'KK-ST', 18.5, ['Rainbow', 'Pastel']],
      ['Quilted Winter Jacket', 'KK-QJ', 59, ['2Y', '4Y', '6Y', '8Y']],
      ['Knitted Bunny Plush', 'KK-BP', 21, ['Cream', 'Grey']],
      ['Striped Leggings (3-pack)', 'KK-SL', 19.99, ['2Y', '4Y', '6Y']],
      ['Balance Bike', 'KK-BB', 119, ['Red', 'Teal']],
      ['Picture Book Bundle', 'KK-PB', 29, ['Standard']],
    ],
  },
];

export const FIRST_NAMES = [
  'Ana', 'Liam', 'Sofia', 'Noah', 'Mia', 'Lucas', 'Emma', 'Mateo', 'Olivia', 'Elias', 'Amara', 'Kenji', 'Aisha',
  'Oskar', 'Chloe', 'Ravi', 'Ingrid', 'Tomás', 'Freya', 'Daniel', 'Leila', 'Jonas', 'Priya', 'Hugo', 'Zoe',
  'Mehmet', 'Clara', 'Felix', 'Nora', 'Samuel', 'Yara', 'Erik', 'Lucía', 'Theo', 'Hana', 'Marco', 'Isla', 'Ben',
  'Fatima', 'Arjun', 'Greta', 'Leo', 'Maya', 'Rafael', 'Elif', 'Jakob', 'Sara', 'Omar', 'Julia', 'Tariq',
];

export const LAST_NAMES = [
  'Lima', 'Johansson', 'García', 'Smith', 'Müller', 'Rossi', 'Nguyen', 'Kowalski', 'Okafor', 'Tanaka', 'Dubois',
  'Hansen', 'Patel', 'Silva', 'Novak', 'Brown', 'Jensen', 'Fischer', 'Moreau', 'Costa', 'Yilmaz', 'Larsen',
  'Schmidt', 'Martin', 'Ahmed', 'Kim', 'Andersson', 'Romero', 'Walsh', 'Berg', 'Ferreira', 'Virtanen', 'Clarke',
  'Haddad', 'Ivanova', 'Lindqvist', 'Murphy', 'Santos', 'Weber', 'Bianchi', 'Chen', 'Singh', 'Nielsen', 'Evans',
];

export const RETURN_REASONS = [
  'Too small', 'Too large', 'Not as described', 'Arrived damaged', 'Changed my mind', 'Wrong item sent',
  'Colour differs from the photos', 'Quality not as expected', 'Ordered two sizes', 'Arrived too late',
  'Found a better price', 'Defective', 'Missing parts',
];

export const REJECT_REASONS = [
  'Item shows signs of wear', 'Return window has expired', 'Tags removed', 'Not in original packaging',
  'Item not received back', 'Final sale item',
];

/** Order statuses with their share of demo orders (all 14 stored statuses appear). */
export const STATUS_WEIGHTS: readonly (readonly [StoredStatus, number])[] = [
  ['pending', 14], ['reviewed', 8], ['received', 8], ['resolving', 4], ['pending_payment_from_customer', 3],
  ['payments_account_disabled', 1], ['pending_action', 3], ['completing', 3], ['handle_manually', 2],
  ['completed', 30], ['rejected', 5], ['archived', 10], ['draft', 4], ['cancelled', 5],
];
