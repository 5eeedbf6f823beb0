// @app/contracts: everything that crosses a process, in one place. Zod and types only: it runs in the
// browser as well as in the services, so nothing here may use a Node API.
export * from './events.ts';
export * from './task-status.ts';
export * from './progress.ts';
export * from './limits.ts';
export * from './values/venture.ts';
export * from './values/organization.ts';
export * from './values/brand-colors.ts';
export * from './values/organization-page.ts';
export * from './values/white-label.ts';
export * from './values/language.ts';
export * from './values/auth.ts';
export * from './values/contact.ts';
export * from './values/dates.ts';
export * from './values/web-pages.ts';
export * from './values/prerequisites.ts';
export * from './values/programs.ts';
export * from './values/org-templates.ts';
export * from './values/sso.ts';
export * from './schemas/task-status.ts';
export * from './schemas/progress.ts';
export * from './schemas/task-guide-file.ts';
export * from './session-action.ts';
export {
  COMMON_ERROR_CODES,
  INTERNAL_PREFIX,
  defineRoute,
  errorBodySchema,
  cursorPageSchema,
  cursorQuery,
  idListParam,
  INVALID_CURSOR_CODE,
  INVALID_CURSOR_MESSAGE,
  searchablePageQuery,
  SEARCH_TEXT_MAX,
  type PageRequest,
  type SearchablePageQuery,
  internalRouterPath,
  pathOf,
  successMessageSchema,
  successSchema,
  validationIssueSchema,
  type CommonErrorCode,
  type ErrorBody,
  type HttpMethod,
  type PathParams,
  type Route,
  type RouteAnswer,
  type RouteBody,
  type RouteErrorCode,
  type RouteInput,
  type RouteParams,
  type RouteQuery,
  type RouteSpec,
  type ValidationIssue,
} from './http/route.ts';
export * from './http/auth.ts';
export * from './http/venture.ts';
export * from './http/organization.ts';
export * from './http/white-label.ts';
export * from './http/contact.ts';
export * from './http/admin.ts';
export * from './http/institution.ts';
export * from './http/cohort.ts';
export * from './http/sso.ts';
export * from './policy/venture-policy.ts';
export * from './policy/organization-policy.ts';
