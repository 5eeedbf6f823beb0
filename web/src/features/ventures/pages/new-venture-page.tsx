import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
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
  const navigate = useNavigate();
  const notify = useNotify();
  const [form] = Form.useForm<VentureFormValues>();
  const creation = useCreateVenture();
  // One key per venture this page creates: a retry or a second click gets the same venture back.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Keyboard and screen reader users start at the page's heading after navigating here.
  useEffect(() => headingRef.current?.focus(), []);

  const create = async (input: VentureInput) => {
    let id: string;
    try {
      ({ id } = await creation.mutateAsync({ input, idempotencyKey }));
    } catch (error) {
      notify.error(ventureCreateFailedToast(error));
      return;
    }
    notify.success(ventureCreatedToast);
    await navigate(paths.venture.getHref(id));
  };

  return (
    <div className="new-venture">
      <Seo title="Create venture" description="Name your venture and get a 50-task launch roadmap." noindex />
      <section className="new-venture__card" aria-labelledby="new-venture-heading">
        <p className="new-venture__eyebrow">New venture</p>
        <h1 id="new-venture-heading" className="new-venture__heading" ref={headingRef} tabIndex={-1}>
          Let&apos;s set up your venture roadmap
        </h1>
        <p className="new-venture__intro">
          Give your venture a name and a one-line description. We&apos;ll build your roadmap of 50 launch
          tasks across five stages, from market research to launch.
        </p>
        <VentureForm
          name="create-venture"
          form={form}
          variant="page"
          submitLabel="Create My Roadmap"
          pending={creation.isPending}
          onSubmit={create}
        />
      </section>
    </div>
  );
}
