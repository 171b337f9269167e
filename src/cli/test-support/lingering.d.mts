// Types of lingering.mjs.

export declare function activeResources(): Map<string, number>;
export declare function lingeringSince(base: Map<string, number>, settleMs: number): Promise<string[]>;
