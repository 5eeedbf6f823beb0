import { Alert, Form } from 'antd';
import { Link } from 'react-router-dom';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { translate, useT } from '../../../i18n/i18n';
import { Trans } from '../../../i18n/trans';
import { isApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { newIdempotencyKey } from '../../../lib/single-flight';
import { useCreateVenture, type VentureInput } from '../api/create-venture';
import { VentureForm } from '../components/venture-form';
import { ventureCreatedToast, ventureCreateFailedToast, type VentureFormValues } from '../venture-messages';
import '../ventures.css';

/**
 * `/ventures/new` (spec §2 "Create venture", §4): idle, pending (button disabled), then the
 * new roadmap, or a toast and the form kept as it was.
 */
export function NewVenturePage() {
  const t = useT();
  const navigate = useNavigate();
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const creation = useCreateVenture();
  // One key per venture this page creates: a retry or a second click gets the same venture back.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Issue 18: the Free plan's limit is reached: its message and the ways forward replace a toast.
  const [planLimit, setPlanLimit] = useState<string | null>(null);

  // Keyboard and screen reader users start at the page's heading after navigating here.
  useEffect(() => headingRef.current?.focus(), []);

  const create = async (input: VentureInput) => {
    let id: string;
    try {
      ({ id } = await creation.mutateAsync({ input, idempotencyKey }));
    } catch (error) {
      const limit = planLimitMessageOf(error);
      if (limit) setPlanLimit(limit);
      else notify.error(ventureCreateFailedToast(error));
      return;
    }
    notify.success(ventureCreatedToast);
    await navigate(paths.venture.getHref(id));
  };

  return (
    <div className="new-venture">
      <Seo
        title={t('Create venture')}
        description={t('Name your venture and get a 50-task launch roadmap.')}
        noindex
      />
      <section className="new-venture__card" aria-labelledby="new-venture-heading">
        <p className="new-venture__eyebrow">{t('New venture')}</p>
        <h1 id="new-venture-heading" className="new-venture__heading" ref={headingRef} tabIndex={-1}>
          {t("Let's set up your venture roadmap")}
        </h1>
        <p className="new-venture__intro">
          {t(
            "Give your venture a name and a one-line description. We'll build your roadmap of 50 launch tasks across five stages, from market research to launch.",
          )}
        </p>
        {planLimit ? <PlanLimitNotice message={planLimit} /> : null}
        <VentureForm
          name="create-venture"
          form={form}
          variant="page"
          submitLabel={t('Create My Roadmap')}
          pending={creation.isPending}
          onSubmit={create}
        />
      </section>
    </div>
  );
}

/**
 * The message of a 403 `VENTURE.PLAN_LIMIT` in the reader's language, worded from its `details.limit` as the
 * contracts' `planLimitMessage` words it in English; null for any other failure.
 */
function planLimitMessageOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const body = error.body as { code?: unknown; message?: unknown; details?: { limit?: unknown } } | undefined;
  if (body?.code !== 'VENTURE.PLAN_LIMIT' || typeof body.message !== 'string') return null;
  const limit = body.details?.limit;
  return typeof limit === 'number'
    ? translate(
        "The Free plan includes {limit, plural, one {# venture} other {# ventures}}. Join your institution's program, or contact us about a plan with more ventures.",
        { limit },
      )
    : translate(body.message);
}

/** The plan limit's message with its two ways forward: an institution's program, or the Enterprise plan. */
function PlanLimitNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert
      className="plan-limit"
      type="warning"
      showIcon
      role="alert"
      data-testid="plan-limit"
      title={message}
      description={
        <ul className="plan-limit__ways">
          <li>
            <Trans
              id="<0>Join your institution's program:</0> register through the link your accelerator, incubator or university gave you (or accept its invitation). Members of an organization on the Enterprise plan have no venture limit."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Link to={paths.enterprise.getHref()}>{t('Contact us about the Enterprise plan')}</Link>
          </li>
          <li>
            <Trans
              id="<0>Go to my ventures</0>: your existing ventures stay yours to use."
              components={{ 0: <Link to={paths.home.getHref()} /> }}
            />
          </li>
        </ul>
      }
    />
  );
}
