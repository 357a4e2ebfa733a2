#!/usr/bin/env node
// Writes schemas/check-report.v1.json (and the collection schemas) from the built zod schemas (dist/shared, `npm run build:server` first).
// test/unit/check/check-report-schema.test.ts fails when the committed file and the zod schema disagree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { checkReportJsonSchema, CHECK_REPORT_SCHEMA_FILE } = await import(join(root, 'dist/shared/check/check-report-schema.js'));
writeFileSync(join(root, CHECK_REPORT_SCHEMA_FILE), `${JSON.stringify(checkReportJsonSchema(), null, 2)}\n`);
console.log(`wrote ${CHECK_REPORT_SCHEMA_FILE}`);
// The collection file and `mcpscope run --json`, made the same way (test/unit/collections/collection-schemas.test.ts).
const collections = await import(join(root, 'dist/shared/collections/collection-json-schemas.js'));
for (const [file, make] of [
  [collections.COLLECTION_SCHEMA_FILE, collections.collectionJsonSchema],
  [collections.RUN_REPORT_SCHEMA_FILE, collections.runReportJsonSchema],
]) {
  writeFileSync(join(root, file), `${JSON.stringify(make(), null, 2)}\n`);
  console.log(`wrote ${file}`);
}
