// Types of launch-flags.mjs (the flags the cloudconf command starts with).

export declare const YOUNG_GENERATION: string;
