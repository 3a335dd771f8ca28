import { findUnsafeInput } from '@studiolo/domain/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error.ts';

/**
 * The shared string rule on every route, before its schema (issue 25, decision 033): a request whose parameters,
 * query or JSON body hold a control character (NUL among them), half of a surrogate pair, or nest deeper than the
 * domain's bound answers 400 with the field, whatever the route's schema says. The domain's schemas apply the same
 * rule (packages/domain/src/shared/text.ts) so that the forms say it too; this hook is what makes it hold for every
 * route, public ones and those whose schemas were written before the rule.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const found = findUnsafeInput(part);
      if (found) throw new AppError('VALIDATION', found.message, { fields: { [found.path]: found.message } });
    }
  });
};
