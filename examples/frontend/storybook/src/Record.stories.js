// src/Record.stories.js: the Vite example's component, in two states of
// the service.
import { showRecord } from '../../vite/src/record.js';

export default {
  title: 'Record',
  render: ({ id }) => {
    const el = document.createElement('main');
    showRecord(el, id);
    return el;
  },
};

export const Pending = { args: { id: 110001 } };

export const ServiceDown = {
  args: { id: 110001 },
  async beforeEach() {
    await fetch('/__admin/faults', {
      method: 'POST', body: JSON.stringify({ endpoint: 'record/getRecord', error: { code: 503 } }),
    });
  },
};
