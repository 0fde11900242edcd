import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WhenInView } from './when-in-view';

describe('WhenInView', () => {
  it('renders the placeholder, not the costly section, until its place has been seen on screen', () => {
    const markup = renderToStaticMarkup(
      <WhenInView placeholder={<p>Loading the chart</p>}>
        <p>The chart</p>
      </WhenInView>,
    );
    expect(markup).toBe('<div><p>Loading the chart</p></div>');
  });
});
