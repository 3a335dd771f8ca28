/**
 * The PDF signing, placing and verifying code of @studiolo/documents, loaded at its first use: its modules take about
 * 0.7 s to load, which the server would otherwise spend before it listens (the restart after a crash must be ready
 * within 5 s; durability test).
 */
export const signatureDocuments = () => import('@studiolo/documents');
