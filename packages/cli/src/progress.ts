import type { ClusterProgress } from '@kubemarket/sdk';

/**
 * What `--wait` shows on stderr while a cluster changes: on a terminal, one bar redrawn in place
 * (`[#####-----]  45%  provision · Creating the network (3/11) · ~30 s left`); otherwise (a pipe, a
 * CI log) one plain line each time the status or the step changes, never a carriage return.
 */
export function clusterProgressReporter(stream: NodeJS.WriteStream, label: string): { report(progress: ClusterProgress): void; end(): void } {
  const tty = stream.isTTY === true;
  let lastLine = '';
  let drawn = false;
  return {
    report(progress) {
      const operation = progress.operation;
      const percent = operation?.status === 'running' ? operation.progressPercent : progress.status === 'running' ? 100 : (operation?.progressPercent ?? 0);
      const step = operation?.step ? `${operation.step.label} (${operation.step.index + 1}/${operation.step.count})` : progress.status;
      const left = operation?.status === 'running' && operation.remainingMs > 0 ? ` · ~${Math.ceil(operation.remainingMs / 1000)} s left` : '';
      const what = `${label} ${progress.status}${operation ? ` · ${operation.type} · ${step}` : ''}`;
      if (tty) {
        const width = 24;
        const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
        const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${what}${left}`;
        stream.write(`\r\u001b[2K${bar.slice(0, (stream.columns || 120) - 1)}`);
        drawn = true;
        return;
      }
      const line = `${what} ${percent}%`;
      if (line !== lastLine) stream.write(`${line}\n`);
      lastLine = line;
    },
    end() {
      if (drawn) stream.write('\n');
    },
  };
}
