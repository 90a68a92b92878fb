import { loadConfig } from '../config';
import { runTool } from './tool';

/** `npm run admin -- …`: the operator tool (tool.ts), its answer printed. */
const { output, exitCode } = await runTool(
  process.argv.slice(2),
  loadConfig(),
  `cli:${process.env.USER ?? 'operator'}`,
);
if (output) console.log(output);
process.exitCode = exitCode;
