import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BrandedButton } from '../../../components/branded-registration/branded-button';
import { BrandedRegistration } from '../../../components/branded-registration/branded-registration';
import { PageSpinner } from '../../../components/page-spinner';
import {
  whiteLabelFieldErrors,
  WhiteLabelForm,
  whiteLabelValuesOf,
} from '../../../components/white-label/white-label-form';
import { memberBrandKeys } from '../../../entities/member-brand/get-member-brand';
import { failureText } from '../../../lib/api-client';
import { Seo } from '../../../components/seo';
import { paths } from '../../../config/paths';
import { useT } from '../../../i18n/i18n';
import { useNotify } from '../../../lib/notify';
import { organizationUpdatedToast, updateOrganizationFailedToast } from '../admin-messages';
import { useUpdateOrganization } from '../api/admin-mutations';
import { useAdminOrganization, type AdminOrganization } from '../api/admin-queries';
import { ActiveTag } from '../components/active-tag';
import { OrganizationFields } from '../components/organization-fields';
import { RequireAdmin } from '../components/require-admin';
import {
  changedFields,
  emptyOrganizationValues,
  organizationToValues,
  serverFieldErrors,
  valuesToInput,
  type OrganizationFormValues,
} from '../organization-form';
import '../admin.css';

const dashboardHref = `${paths.admin.getHref()}?tab=organizations`;

/** /admin/organizations/edit/:id: every organization field, with a live preview of its branded page. */
export function OrganizationEditPage() {
  return (
    <RequireAdmin>
      <OrganizationEdit />
    </RequireAdmin>
  );
}

function OrganizationEdit() {
  const t = useT();
  const { id = '' } = useParams<{ id: string }>();
  const organization = useAdminOrganization(id);

  if (organization.isPending) return <PageSpinner label={t('Loading organization')} />;

  return (
    <div className="admin-page">
      <Seo
        title={
          organization.data ? t('Edit {name}', { name: organization.data.name }) : t('Edit organization')
        }
        noindex
      />
      <Link to={dashboardHref} className="admin-page__back">
        <ArrowLeftOutlined aria-hidden="true" /> {t('Back to the dashboard')}
      </Link>
      {organization.isError ? (
        <div role="alert" className="admin-page__error">
          <h1 className="admin-page__title">{t('Organization not found')}</h1>
          <Alert
            type="error"
            showIcon
            title={organization.error.message}
            action={
              <Button size="small" onClick={() => void organization.refetch()}>
                {t('Try again')}
              </Button>
            }
          />
        </div>
      ) : (
        <OrganizationEditor organization={organization.data} />
      )}
    </div>
  );
}

function OrganizationEditor({ organization }: { organization: AdminOrganization }) {
  const t = useT();
  const [form] = Form.useForm<OrganizationFormValues>();
  const update = useUpdateOrganization();
  const notify = useNotify();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const watched = Form.useWatch([], form) as Partial<OrganizationFormValues> | undefined;
  const preview = { ...emptyOrganizationValues(), ...organizationToValues(organization), ...watched };

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onFinish = async (values: OrganizationFormValues) => {
    const before = valuesToInput(organizationToValues(organization));
    const changes = changedFields(before, valuesToInput(values));
    if (Object.keys(changes).length === 0) {
      notify.info({ title: t('Nothing to save'), description: t('No field has changed.') });
      return;
    }
    try {
      const saved = await update.mutateAsync({ orgId: organization.id, changes });
      // The form now shows what the server stored (trimmed, colours in upper case).
      if (saved) form.setFieldsValue(organizationToValues(saved));
      notify.success(organizationUpdatedToast(saved?.name ?? values.name));
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      form.setFields(fieldErrors);
      if (fieldErrors[0]) form.focusField(fieldErrors[0].name);
      notify.error(updateOrganizationFailedToast(error));
    }
  };

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title" ref={headingRef} tabIndex={-1}>
          {t('Edit {name}', { name: organization.name })}
        </h1>
        <ActiveTag active={organization.isActive} />
      </div>
      <div className="admin-edit">
        <section className="admin-edit__form" aria-labelledby="admin-edit-fields-heading">
          <h2 id="admin-edit-fields-heading" className="admin-section__title">
            {t('Organization details')}
          </h2>
          <Form<OrganizationFormValues>
            form={form}
            layout="vertical"
            name="admin-edit-organization"
            initialValues={organizationToValues(organization)}
            onFinish={(values) => void onFinish(values)}
            scrollToFirstError={{ focus: true }}
            disabled={update.isPending}
          >
            <OrganizationFields form={form} />
            <div className="admin-edit__actions">
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {update.isPending ? t('Saving...') : t('Save changes')}
              </Button>
              <Button
                htmlType="button"
                onClick={() => {
                  // Back to the stored organization (also after a save, which resetFields would undo).
                  form.setFieldsValue(organizationToValues(organization));
                  form.setFields(
                    Object.keys(organizationToValues(organization)).map((name) => ({
                      name: name as keyof OrganizationFormValues,
                      errors: [],
                    })),
                  );
                }}
              >
                {t('Reset')}
              </Button>
            </div>
          </Form>
        </section>
        <section className="admin-edit__preview" aria-labelledby="admin-edit-preview-heading">
          <h2 id="admin-edit-preview-heading" className="admin-section__title">
            {t('Preview of /org/{slug}', { slug: preview.slug || organization.slug })}
          </h2>
          {/* A picture of the page, not a second form: nothing in it can be focused or submitted. */}
          <div className="admin-edit__preview-frame" inert data-testid="organization-preview">
            <BrandedRegistration
              branding={{ ...preview, name: preview.name || organization.name }}
              headingLevel={3}
              idPrefix="preview"
            >
              <div className="admin-edit__preview-form" aria-hidden="true">
                <label>
                  {t('Email')}
                  <Input placeholder={t('you@example.com')} tabIndex={-1} readOnly />
                </label>
                <label>
                  {t('Password')}
                  <Input placeholder={t('6+ characters')} tabIndex={-1} readOnly />
                </label>
                <BrandedButton block tabIndex={-1}>
                  {t('Register')}
                </BrandedButton>
                <Button type="link" block tabIndex={-1}>
                  {t('Use regular registration instead')}
                </Button>
              </div>
            </BrandedRegistration>
          </div>
        </section>
      </div>
      <AdminWhiteLabel organization={organization} />
    </>
  );
}

/** Issue 19: the organization's white label (its own form: saved with the same admin call). */
function AdminWhiteLabel({ organization }: { organization: AdminOrganization }) {
  const t = useT();
  const update = useUpdateOrganization();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return (
    <section className="admin-edit__white-label" aria-labelledby="admin-white-label-heading">
      <h2 id="admin-white-label-heading" className="admin-section__title">
        {t('White label')}
      </h2>
      <WhiteLabelForm
        name="admin-white-label"
        initial={whiteLabelValuesOf(organization)}
        saving={update.isPending}
        onUnchanged={() =>
          notify.info({ title: t('Nothing to save'), description: t('The white label is unchanged.') })
        }
        onSave={async (changes) => {
          try {
            await update.mutateAsync({ orgId: organization.id, changes });
          } catch (error) {
            return {
              ok: false,
              fieldErrors: whiteLabelFieldErrors(error),
              problem: failureText(error, t('The white label could not be saved. Please try again.')),
            };
          }
          // Members (the administrator too, when one) see the new brand.
          void queryClient.invalidateQueries({ queryKey: memberBrandKeys.all });
          notify.success({ title: t('White label saved'), description: Object.keys(changes).join(', ') });
          return { ok: true };
        }}
      />
    </section>
  );
}
