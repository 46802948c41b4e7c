/**
 * Where the desk shows: in the list's place while a bulk question, run or results, or scan
 * mode is open. The list stays mounted underneath (hidden, without the keyboard), so its
 * page, selection and marks are there when the desk closes. The panels load on first use.
 */
import { Box, Text } from 'ink';
import { lazy, Suspense, type ReactNode } from 'react';
import { ScreenActiveProvider } from '../../keys/screen-active-context.js';
import type { Desk } from './use-desk.js';

const BulkPanel = lazy(() => import('./bulk-panel.js').then((m) => ({ default: m.BulkPanel })));
const ScanScreen = lazy(() => import('../scan/scan-screen.js').then((m) => ({ default: m.ScanScreen })));

export interface DeskSlotProps {
  readonly desk: Desk;
  /** Lines available. */
  readonly height: number;
  /** The list screen. */
  readonly children?: ReactNode;
}

/** The list, or the desk's panel over it. */
export function DeskSlot(props: DeskSlotProps) {
  const { desk } = props;
  return (
    <>
      <Box display={desk.isOpen ? 'none' : 'flex'} flexDirection="column">
        <ScreenActiveProvider isActive={!desk.isOpen}>{props.children}</ScreenActiveProvider>
      </Box>
      {desk.isOpen ? (
        <Box flexDirection="column" height={props.height} overflowY="hidden">
          <Suspense fallback={<Text dimColor>Loading…</Text>}>
            {desk.bulkState.phase !== 'idle' ? (
              <BulkPanel store={desk.bulk} height={props.height} />
            ) : (
              <ScanScreen height={props.height} onClose={desk.closeScan} />
            )}
          </Suspense>
        </Box>
      ) : null}
    </>
  );
}
