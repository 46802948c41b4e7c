/** "⟳ rate limited · retry 2 in 3s" while the client waits to try a request again. */
import { Text } from 'ink';
import { describeRetry } from '../connection/connection-monitor.js';
import { useConnection } from '../connection/use-connection.js';
import { useTheme } from '../context/theme-context.js';
import { useClock } from '../hooks/use-now.js';

/** Nothing while requests go through; the retry state while they are being retried. */
export function RetryIndicator(props: { readonly prefix?: string }) {
  const { retry } = useConnection();
  const theme = useTheme();
  const seconds = useClock((now) => (retry ? Math.max(0, Math.ceil((retry.untilMs - now) / 1000)) : 0), 500, retry !== null);
  if (!retry) return null;
  return (
    <Text color={theme.color('warning')}>
      {`${props.prefix ?? ''}⟳ ${describeRetry(retry)}, retry ${retry.attempt} in ${seconds}s`}
    </Text>
  );
}
