import { describe, expect, it, jest } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import { ActionButton } from './action-button';

describe('an action button (antd small Button, drawn plain)', () => {
  it('when rendered, then it is a button of its tone that submits nothing', () => {
    const html = renderToStaticMarkup(<ActionButton tone="primary">Start Task</ActionButton>);
    expect(html).toBe(
      '<button type="button" class="action-button action-button--primary">Start Task</button>',
    );
  });

  it('when loading, then it shows a spinner, says it is busy and ignores clicks, but stays focusable', () => {
    const onClick = jest.fn();
    const element = ActionButton({ loading: true, onClick, children: 'Updating' });
    expect(element.props).toMatchObject({ 'aria-disabled': true, onClick: undefined });
    expect(element.props).not.toHaveProperty('disabled');
    const html = renderToStaticMarkup(element);
    expect(html).toContain('action-button--loading');
    expect(html).toContain('<span class="action-button__spinner" aria-hidden="true"></span>Updating');
  });

  it("when of antd's default size or disabled, then it says so natively", () => {
    const html = renderToStaticMarkup(
      <ActionButton size="middle" disabled>
        Collapse all
      </ActionButton>,
    );
    expect(html).toBe(
      '<button disabled="" type="button" class="action-button action-button--default action-button--middle">Collapse all</button>',
    );
  });
});
