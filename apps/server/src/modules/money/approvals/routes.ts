import {
  approvalDecisionResponse,
  approvalListQuery,
  approvalListResponse,
  approvalRejectBody,
} from '@app/contracts/approvals';
import { idParam } from '@app/contracts/common';
import { actorOf } from '../../../http/access.js';
import type { Api } from '../../../http/types.js';
import type { ApprovalsService } from './service.js';

/**
 * Requests waiting for a second admin (issue 36). Finance reads and decides the money kinds; the
 * service checks each request's own role (a member e-mail change is support's).
 */
export function approvalsRoutes(app: Api, approvals: ApprovalsService) {
  const tags = ['approvals'];
  app.get('/approvals', {
    config: { access: 'admin', area: ['finance', 'support'] },
    schema: {
      tags,
      description: 'Requests of one admin that wait for (or were decided by) a second admin; newest first.',
      querystring: approvalListQuery,
      response: { 200: approvalListResponse },
    },
    handler: async (req) => approvals.list(req.query),
  });
  app.post('/approvals/:id/approve', {
    config: { access: 'admin', area: ['finance', 'support'] },
    schema: {
      tags,
      description:
        'The second admin approves: the action runs now, as them. Not the admin who asked, not an admin of less than 24 hours, and only with the role of the request.',
      params: idParam,
      response: { 200: approvalDecisionResponse },
    },
    handler: async (req) => approvals.approve(actorOf(req), req.params.id),
  });
  app.post('/approvals/:id/reject', {
    config: { access: 'admin', area: ['finance', 'support'] },
    schema: {
      tags,
      description:
        'Another admin rejects the request with a reason, or the admin who asked withdraws it. Nothing runs.',
      params: idParam,
      body: approvalRejectBody,
      response: { 200: approvalDecisionResponse },
    },
    handler: async (req) => approvals.reject(actorOf(req), req.params.id, req.body.reason),
  });
}
