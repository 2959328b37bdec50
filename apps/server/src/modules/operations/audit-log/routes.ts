import { auditFacetsResponse, auditListQuery, auditListResponse } from '@app/contracts/audit';
import type { Api } from '../../../http/types.js';
import type { AuditLogService } from './service.js';

export function auditLogRoutes(app: Api, audit: AuditLogService) {
  const tags = ['audit'];
  app.get('/audit', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description:
        'The audit log, newest first: every admin change with who, what, before, after, when and from where. Filters: action, target_type, target_id, admin_id, from, to (dates or date-times).',
      querystring: auditListQuery,
      response: { 200: auditListResponse },
    },
    handler: async (req) => audit.list(req.query),
  });

  app.get('/audit/facets', {
    config: { access: 'admin', area: 'owner' },
    schema: {
      tags,
      description: 'The actions, target types and admins the audit log filters can choose from.',
      response: { 200: auditFacetsResponse },
    },
    handler: async () => audit.facets(),
  });
}
