export { LOCAL_RUNTIME_CONFIG, readRuntimeConfig, loadRuntimeConfig, type RuntimeConfig, type FirebaseWebConfig } from './runtimeConfig';
