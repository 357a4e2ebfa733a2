// Reads a JSON file a flag names (--batch, --answers): a missing file or text that is not JSON is a usage error saying so.
import { readFile } from 'node:fs/promises';
import { parseJson } from '../../shared/jsonrpc.js';
import { UsageError } from './flags.js';

/** `hint`: what to do instead, appended to the "not JSON" message. */
export async function readJsonFile(file: string, hint = ''): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`${file} is not JSON: ${parsed.error.message}${hint ? ` (${hint})` : ''}`);
  return parsed.value;
}
