/**
 * The reject reason prompt: free text, or one of the profile's preset reasons picked with
 * the arrows. A blank reason is refused with a message that says what to do. It shares its
 * rows like a screen: the question and the error stay, a long reason shows its rows up to
 * the cursor's, and the presets scroll with the one picked.
 */
import { Box, Text } from 'ink';
import { display, sanitizeForTerminal, type DisplayText } from '../../../format/sanitize.js';
import { truncateToWidth, wrapToWidth } from '../../../format/width.js';
import { fieldRows, FieldRowText, firstShownRow } from '../../components/text-field.js';
import type { TextEditState } from '../../components/text-edit.js';
import { useTheme } from '../../context/theme-context.js';
import { shareRows, type RowNeed } from '../../layout/share-rows.js';

export interface ReasonPromptProps {
  /** The item's title (from the service, so display text). */
  readonly itemTitle: DisplayText;
  readonly field: TextEditState;
  readonly presets: readonly string[];
  readonly presetIndex: number;
  readonly error: string | null;
  /** Columns of the prompt, its left border included. */
  readonly width: number;
}

/** Columns the border and its padding take. */
const INSET = 2;
const PLACEHOLDER = 'type a reason';

/** The prompt's lines and how its rows are shared (pure). */
function promptLayout(props: Omit<ReasonPromptProps, 'itemTitle'>) {
  const inner = Math.max(4, props.width - INSET);
  const field = fieldRows(props.field, inner - 2);
  const error = props.error === null ? [] : wrapToWidth(display`✗ ${sanitizeForTerminal(props.error)}`, inner);
  const presets = props.presets.length > 0 ? 1 + props.presets.length : 0;
  // The question, the reason and its error first; the presets when there is room.
  const needs: RowNeed[] = [
    { min: 1, want: 1, priority: 1 },
    { min: 1, want: field.rows.length, priority: 0 },
    { min: Math.min(1, error.length), want: error.length, priority: 0 },
    { min: Math.min(2, presets), want: presets, priority: 2 },
  ];
  return { inner, field, error, presets, needs };
}

/** What the prompt needs: at least its question and a row of the reason, at most all its lines. */
export function reasonPromptNeed(props: Omit<ReasonPromptProps, 'itemTitle'>): { readonly min: number; readonly want: number } {
  const { needs } = promptLayout(props);
  return { min: needs.reduce((a, n) => a + n.min, 0), want: needs.reduce((a, n) => a + n.want, 0) };
}

/** Renders the prompt in `rows` rows. */
export function ReasonPrompt(props: ReasonPromptProps & { readonly rows: number }) {
  const { itemTitle, field: text, presets, presetIndex } = props;
  const theme = useTheme();
  const { inner, field, error, needs } = promptLayout(props);
  const [titleRows = 0, fieldShown = 0, errorShown = 0, presetRows = 0] = shareRows(props.rows, needs);
  const firstField = firstShownRow(field.rows.length, field.cursorRow, fieldShown);
  const presetShown = Math.max(0, presetRows - 1);
  const firstPreset = firstShownRow(presets.length, Math.max(0, presetIndex), presetShown);
  return (
    <Box flexDirection="column" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} paddingLeft={1}>
      {titleRows > 0 && <Text bold wrap="truncate-end">{truncateToWidth(display`Reject "${itemTitle}": reason?`, inner)}</Text>}
      {field.rows.slice(firstField, firstField + fieldShown).map((row, i) => (
        <Box key={`f${firstField + i}`}>
          <Text>{firstField + i === 0 ? '> ' : '  '}</Text>
          {text.value === '' ? (
            <Text wrap="truncate">
              <Text inverse> </Text>
              <Text dimColor>{PLACEHOLDER}</Text>
            </Text>
          ) : (
            <FieldRowText row={row} isFocused />
          )}
        </Box>
      ))}
      {presetRows > 0 && <Text dimColor>{presetShown < presets.length ? `Presets (↑/↓, ${presets.length}):` : 'Presets (↑/↓):'}</Text>}
      {presets.slice(firstPreset, firstPreset + presetShown).map((preset, i) => {
        const index = firstPreset + i;
        return (
          <Text key={`p${index}`} color={index === presetIndex ? theme.color('accent') : undefined} wrap="truncate-end">
            {`${index === presetIndex ? '▸ ' : '  '}${sanitizeForTerminal(preset)}`}
          </Text>
        );
      })}
      {error.slice(0, errorShown).map((line, i) => (
        <Text key={`e${i}`} color={theme.color('danger')} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
}
