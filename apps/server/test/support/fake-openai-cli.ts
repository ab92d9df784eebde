/**
 * Serves the fake model provider as its own process (for e2e and manual runs):
 *   npx tsx apps/server/test/support/fake-openai-cli.ts script.json [--port 4010]
 * `script.json` is a FakeProviderScript ({ replies, defaultReply, models, modelsReply }). Prints one
 * JSON line `{"url":…,"baseUrl":…}` when listening; stops on SIGTERM/SIGINT.
 */
import fs from 'node:fs';
import { type FakeProviderScript, startFakeOpenAI } from './fake-openai.ts';

const args = process.argv.slice(2);
const portFlag = args.indexOf('--port');
const port = portFlag >= 0 ? Number(args[portFlag + 1]) : 0;
const file = args.find((arg, index) => !arg.startsWith('--') && (portFlag < 0 || index !== portFlag + 1));
const script: FakeProviderScript = file
  ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FakeProviderScript)
  : {};

const provider = await startFakeOpenAI(script, port);
console.log(JSON.stringify({ url: provider.url, baseUrl: provider.baseUrl }));
const stop = () => {
  void provider.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
