// Every preset of a verdict table, sent by `mcpscope call --fault <list>` in a few CLI runs side by side: each run is a
// contiguous slice of the table (a preset follows the same presets as in `--fault all`, only fewer), on a connection
// and a server process of its own. Most of a whole run is waiting out the 2.5 s window of the presets nothing answers
// (a dozen on an SDK server over stdio), so three lanes take about a third of the time, and every preset is still
// graded. `--fault all` itself runs whole in cli-fault's Streamable HTTP test.
import { FAULT_PRESETS, presetLanes } from '../../shared/fault-lab/index.js';
import { runCli, type CliRun } from './run-cli.js';

export interface FaultLine {
  preset: string;
  verdict: { outcome: string; explanation: string };
}

/** The table's presets in `FAULT_PRESETS`' order, in `lanes` contiguous slices as even as the table allows. */
export function laneSlices(table: Record<string, unknown>, lanes: number): string[][] {
  return presetLanes(
    FAULT_PRESETS.map((p) => p.id).filter((id) => id in table),
    lanes,
  );
}

/**
 * Runs each slice as `call --fault <slice> ...args` at once; `args` holds the options and the target (`-- <command>` or
 * `--url`). Returns each run with its own JSON lines, every line of them in the table's order, and each preset's outcome.
 */
export async function faultLanes(
  table: Record<string, unknown>,
  args: string[],
  lanes = 3,
): Promise<{ runs: (CliRun & { lines: FaultLine[] })[]; lines: FaultLine[]; outcomes: Record<string, string> }> {
  const slices = laneSlices(table, lanes);
  const runs = await Promise.all(
    slices.map(async (slice) => {
      const run = await runCli(['call', '--fault', slice.join(','), ...args]);
      return {
        ...run,
        lines: run.stdout
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as FaultLine),
      };
    }),
  );
  const lines = runs.flatMap((run) => run.lines);
  return { runs, lines, outcomes: Object.fromEntries(lines.map((l) => [l.preset, l.verdict.outcome])) };
}
