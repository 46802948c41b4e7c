/** The terminal's size, following resizes (Ink's stdout emits "resize"). */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/** Fallbacks when the output is not a terminal (pipes, some test streams). */
export const DEFAULT_SIZE: TerminalSize = { columns: 80, rows: 24 };

/** Ink 8 types its stdout as any writable stream; a terminal's has columns and rows. */
function read(stdout: NodeJS.WritableStream & { readonly columns?: number; readonly rows?: number }): TerminalSize {
  const { columns = 0, rows = 0 } = stdout;
  return {
    columns: columns > 0 ? columns : DEFAULT_SIZE.columns,
    rows: rows > 0 ? rows : DEFAULT_SIZE.rows,
  };
}

/** Current columns and rows; re-renders on every resize. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () => {
      const next = read(stdout);
      setSize((prev) => (prev.columns === next.columns && prev.rows === next.rows ? prev : next));
    };
    onResize();
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
