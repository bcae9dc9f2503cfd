export const contactIntentKinds = ['phone', 'whatsapp', 'telegram', 'email', 'booking'] as const;
export type ContactIntentKind = (typeof contactIntentKinds)[number];
