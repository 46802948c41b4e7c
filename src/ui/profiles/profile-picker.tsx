/**
 * The profile (shop) picker (P): the profiles of the config file, the one shown marked;
 * Enter switches, Esc stays, q quits. Also reachable from the authentication screen, so a profile
 * whose key cannot be had never traps the user.
 */
import { Text } from 'ink';
import { useLayoutEffect, useRef, useState } from 'react';
import { sanitizeForTerminal } from '../../format/sanitize.js';
import { wrapToWidth } from '../../format/width.js';
import { footerPart, useFooterRows } from '../components/key-hints.js';
import { useTerminalSize } from '../hooks/use-terminal-size.js';
import { fixedPart, PRIORITY, ScreenParts, spacerPart } from '../layout/screen-parts.js';
import { useTheme } from '../context/theme-context.js';
import { useKeyBindings } from '../keys/use-key-bindings.js';

export interface ProfilePickerProps {
  readonly names: readonly string[];
  readonly current: string;
  /** Lines available. */
  readonly height: number;
  readonly onPick: (name: string) => void;
  readonly onClose: () => void;
  /** Quits the console (q: the picker is not a text field). */
  readonly onQuit: () => void;
}

/** Renders the picker within `height` lines. */
export function ProfilePicker(props: ProfilePickerProps) {
  const theme = useTheme();
  const { names } = props;
  const width = useTerminalSize().columns - 1;
  const [index, setIndex] = useState(() => Math.max(0, names.indexOf(props.current)));
  // A switch is a question's answer: it counts once the picker was on screen, with no other key, for a moment.
  const armedAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    armedAt.current = performance.now();
  }, []);
  const rearm = (at = performance.now()) => {
    armedAt.current = at;
  };
  useKeyBindings(
    'profiles',
    (action, _input, _key, _binding, meta) => {
      if (action === 'move-up') setIndex((i) => Math.max(0, i - 1));
      else if (action === 'move-down') setIndex((i) => Math.min(names.length - 1, i + 1));
      else if (action === 'back') props.onClose();
      else if (action === 'quit') props.onQuit();
      else if (action === 'apply') {
        const name = names[index];
        if (name !== undefined) props.onPick(name);
      }
      if (action === 'move-up' || action === 'move-down') rearm(meta?.at);
    },
    { deliberate: { armedAt: () => armedAt.current }, onUnmatched: (_input, _key, meta) => rearm(meta?.at) },
  );
  const only = names.length <= 1 ? wrapToWidth('This is the only profile. Add profiles to the config file (`returns-console config` shows where it is) to switch between shops.', width) : [];
  return (
    <ScreenParts
      height={props.height}
      parts={[
        fixedPart('title', 1, PRIORITY.header, () => (
          <Text bold wrap="truncate">{sanitizeForTerminal(`Switch shop: profiles of the config file (shown now: ${props.current})`)}</Text>
        )),
        only.length > 0 ? fixedPart('only', only.length, PRIORITY.outcome, () => only.map((line, i) => <Text key={i} wrap="truncate">{line}</Text>)) : null,
        spacerPart('names-gap'),
        {
          key: 'names',
          min: 1,
          want: names.length,
          priority: PRIORITY.content,
          render: (rows) => {
            const top = Math.max(0, Math.min(index - rows + 1, names.length - rows));
            return names.slice(top, top + rows).map((name, i) => {
              const isSelected = top + i === index;
              return (
                <Text key={name} inverse={isSelected} color={name === props.current ? theme.color('accent') : undefined} wrap="truncate">
                  {`${isSelected ? '›' : ' '} ${sanitizeForTerminal(name)}${name === props.current ? '  (shown now)' : ''}`}
                </Text>
              );
            });
          },
        },
        spacerPart('footer-gap'),
        footerPart(useFooterRows('profiles', width)),
      ]}
    />
  );
}
