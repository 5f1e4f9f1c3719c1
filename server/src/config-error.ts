/** A setting the shop cannot start with: its message is shown alone, without a stack. */
export class ConfigError extends Error {}
