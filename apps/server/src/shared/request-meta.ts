/** Who did something and from where: what the audit trail records with each change. */
export type RequestMeta = {
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
};

export const noRequestMeta: RequestMeta = { requestId: null, ip: null, userAgent: null };
