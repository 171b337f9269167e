// Types of dependency-loads.mjs (the launcher's hook that keeps tsx off installed packages' ES modules).

/** Whether a load (its URL and the format resolution gave it) is an ES module of an installed package. */
export function isPlainDependency(url: string, format: string | null | undefined): boolean;

/** Registers the hook after tsx; false where Node has no module.registerHooks. */
export function loadDependenciesUntouched(): boolean;
