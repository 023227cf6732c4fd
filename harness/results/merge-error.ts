// Why `report merge` refused its files (a usage error: exit 2).
export class MergeError extends Error {}
