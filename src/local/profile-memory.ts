/**
 * What the console has learned about a profile's shop from the service's answers, kept in
 * `<stateDir>/profiles/<profile>.json`. Today: that the shop lacks the keep_item feature
 * (learned from `keep_item_not_allowed`), so keep is greyed out the next time.
 */
import * as z from '../api/zod.js';
import { writeFileAtomic } from './atomic-write.js';
import { readFileNoFollowSync } from './no-follow.js';
import { profileMemoryPath } from './state-paths.js';

const profileMemorySchema = z.object({
  version: z.literal(1),
  /** Set once the service refused keep_item for this profile's shop. */
  keepItemUnsupported: z.optional(z.object({ learnedAt: z.string(), requestId: z.optional(z.string()) })),
});

export type ProfileMemory = z.infer<typeof profileMemorySchema>;

const EMPTY: ProfileMemory = { version: 1 };

/**
 * Reads the memory of a profile. Missing or unreadable memory is empty memory: it is only a
 * hint, and the service stays the judge of what is allowed.
 */
export function loadProfileMemory(stateDir: string, profile: string): ProfileMemory {
  try {
    const parsed = profileMemorySchema.safeParse(JSON.parse(readFileNoFollowSync(profileMemoryPath(stateDir, profile))));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Applies `change` to the stored memory of a profile (atomic replace). */
export async function updateProfileMemory(
  stateDir: string,
  profile: string,
  change: (memory: ProfileMemory) => ProfileMemory,
): Promise<ProfileMemory> {
  const next = change(loadProfileMemory(stateDir, profile));
  await writeFileAtomic(profileMemoryPath(stateDir, profile), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

/** Remembers that the shop refused keep_item. */
export function rememberKeepItemUnsupported(
  stateDir: string,
  profile: string,
  info: { readonly learnedAt: string; readonly requestId?: string },
): Promise<ProfileMemory> {
  return updateProfileMemory(stateDir, profile, (memory) => ({ ...memory, keepItemUnsupported: { ...info } }));
}

/** Forgets it again (a keep_item review went through: the shop has gained the feature). */
export function forgetKeepItemUnsupported(stateDir: string, profile: string): Promise<ProfileMemory> {
  return updateProfileMemory(stateDir, profile, ({ keepItemUnsupported: _dropped, ...rest }) => rest);
}
