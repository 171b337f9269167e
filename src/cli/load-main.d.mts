// Types of load-main.mjs.
export declare function loadMain(): Promise<(argv: string[]) => Promise<number>>;
