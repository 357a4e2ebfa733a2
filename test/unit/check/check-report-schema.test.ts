import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { CHECK_REPORT_SCHEMA_FILE, checkReportJsonSchema } from '../../../shared/check/check-report-schema.js';
import { checkResult } from './check-result.js';

const shipped = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', CHECK_REPORT_SCHEMA_FILE), 'utf8')) as Schema;
const report = (results: unknown[]) => ({
  target: 'node demo.js',
  transport: 'stdio',
  protocolVersion: '2025-11-25',
  startedAt: '2026-12-05T08:00:00.000Z',
  sessions: [{ name: 'check', frames: 12 }],
  results,
});

describe('the shipped check report schema', () => {
  it('is the report zod schema as JSON Schema (run scripts/write-check-schema.mjs after changing the report)', () => {
    expect(shipped).toEqual(checkReportJsonSchema());
  });

  it('accepts a report and refuses one whose result lacks its spec sentence or has an unknown status', () => {
    const v = new Validator(shipped, '2020-12');
    expect(v.validate(report([checkResult('tools/list', 'pass', { durationMs: 3 }), checkResult('http/origin-403', 'skip')])).valid).toBe(true);
    const { spec: _spec, ...noSpec } = checkResult('tools/list', 'fail');
    expect(v.validate(report([noSpec])).valid).toBe(false);
    expect(v.validate(report([{ ...checkResult('tools/list', 'pass'), status: 'ok' }])).valid).toBe(false);
  });
});
