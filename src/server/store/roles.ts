import type { Role } from "../wire";

// The roles of a library, lowest first: each can do what the ones before it can.

export const ROLES = ["reader", "author", "approver", "admin"] as const satisfies readonly Role[];
const everyRole: Exclude<Role, (typeof ROLES)[number]> extends never ? true : never = true;
void everyRole;

export const atLeast = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);
