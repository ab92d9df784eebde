export {
  FunctionPool,
  type FunctionPoolOptions,
  type InvokeRequest,
  type InvokeResult,
  runnerEntry,
} from './function-pool.ts';
export {
  type InvocationFailureKind,
  type InvocationOutcome,
  LOG_LIMITS,
  type LogLine,
  SANDBOX_LIMITS,
  type SandboxLimits,
  type SdkAnswer,
  type SdkCall,
  type SerializedRequest,
  type SerializedResponse,
} from './protocol.ts';
