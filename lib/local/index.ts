export { type RunningEmulator, readSesStore, startS3Emulator } from './emulators';
export { LocalStackError } from './errors';
export { runLocalMonthlyFanOut } from './local-fan-out';
export { localDemoConfig, readLocalStackEnv } from './settings';
export { type LocalAccountReport, type LocalStack, startLocalStack } from './stack';
export { formatStartBlock } from './start-block';
