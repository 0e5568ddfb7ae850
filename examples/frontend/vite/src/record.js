// src/record.js: the app's one component: a record's number and its
// credential status, or a "Try again" button when the service fails.
export async function getRecord(id) {
  const res = await fetch('/api/v2/rpc/record/getRecord', {
    method: 'POST',
    headers: { Authorization: 'Bearer rtq-demo-read', 'Content-Type': 'application/json' },
    body: JSON.stringify({ record_id: id }),
  });
  if (!res.ok) throw new Error(`getRecord answered ${res.status}`);
  return (await res.json()).data.data;
}

export async function showRecord(el, id) {
  el.replaceChildren('Loading…');
  try {
    const record = await getRecord(id);
    const title = document.createElement('h1');
    title.textContent = `${record.record_number}: ${record.process_status.text}`;
    el.replaceChildren(title);
  } catch (err) {
    const retry = document.createElement('button');
    retry.textContent = 'Try again';
    retry.onclick = () => showRecord(el, id);
    el.replaceChildren(`${err.message}. `, retry);
  }
}
