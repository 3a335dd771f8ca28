/** Query keys of the form-templates feature: every query of a studio's templates starts with formTemplatesQueryKey. */
export const formTemplatesQueryKey = (studioId: string | null) => [studioId, 'form-templates'] as const;
export const formTemplateQueryKey = (studioId: string | null, id: string) =>
  [...formTemplatesQueryKey(studioId), 'one', id] as const;
