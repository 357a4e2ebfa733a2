// The message of the UsageError a parser throws, so tests compare what a user would read; fails when none is thrown.
import { expect } from 'vitest';
import { UsageError } from '../../server/cli/flags.js';

export function usageMessage(parse: () => unknown): string {
  try {
    parse();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
}
