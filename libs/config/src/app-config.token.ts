/** Injection token for the validated AppConfig, used by both apps. */
export const APP_CONFIG = Symbol('APP_CONFIG');
