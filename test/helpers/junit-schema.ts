// Validates JUnit XML against test/fixtures/junit-check.xsd (the Jenkins xunit structure) with libxml2 in WebAssembly:
// a real XSD validator that needs neither the network nor an apt package.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

const XSD = readFileSync(fileURLToPath(new URL('../fixtures/junit-check.xsd', import.meta.url)), 'utf8');

/** The validator's messages for this document; empty when the schema accepts it. */
export async function junitSchemaErrors(text: string): Promise<string[]> {
  const r = await validateXML({ xml: { fileName: 'check.xml', contents: text }, schema: { fileName: 'junit-check.xsd', contents: XSD } });
  return r.valid ? [] : r.errors.map((e) => e.message);
}
