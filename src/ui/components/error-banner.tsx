/**
 * One line above the content for a failed request: a transient failure counts down to the
 * next automatic try (the console recovers by itself), any other failure says what happened.
 */
import { Text } from 'ink';
import { useTheme } from '../context/theme-context.js';
import type { ErrorView } from '../errors/classify.js';
import { useClock } from '../hooks/use-now.js';
import { boundLabel } from '../keys/match.js';
import { useKeyTable } from '../keys/use-key-table.js';

export interface ErrorBannerProps {
  readonly error: Extract<ErrorView, { kind: 'transient' | 'other' }>;
  /** When the next automatic try is due (transient failures). */
  readonly retryAt: number | null;
}

/** Renders the banner line. */
export function ErrorBanner(props: ErrorBannerProps) {
  const theme = useTheme();
  const { retryAt } = props;
  const isCountingDown = props.error.kind === 'transient' && retryAt !== null;
  const secondsLeft = useClock((now) => (retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000))), 500, isCountingDown);
  const refreshKey = boundLabel('list', 'refresh', useKeyTable());
  const requestId = props.error.requestId ? ` (request id ${props.error.requestId})` : '';
  if (props.error.kind === 'transient') {
    const wait =
      retryAt === null ? 'trying again now' : `trying again in ${secondsLeft}s`;
    return (
      <Text color={theme.color('warning')} wrap="truncate">
        {`⚠ The service is not answering; ${wait}${refreshKey ? ` (${refreshKey}: now)` : ''}. ${props.error.message}${requestId}`}
      </Text>
    );
  }
  return (
    <Text color={theme.color('danger')} wrap="truncate">
      {`✗ ${props.error.message}${requestId}`}
    </Text>
  );
}
