import { fireEvent, screen } from '@testing-library/react';

// What Radix's controls ask of the browser that jsdom lacks: scrolling and pointer capture
// (a select opening), and a ResizeObserver (a checkbox inside a form measures itself).
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Chooses `option` in the select labelled `label` (a Radix select), as someone at the keyboard does. */
export async function choose(label: string, option: string) {
  fireEvent.keyDown(screen.getByLabelText(label), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
