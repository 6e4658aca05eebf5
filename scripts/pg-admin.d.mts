export function asAdmin(adminUrl: string, sql: string): Promise<void>;
