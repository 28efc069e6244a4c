/** Save text as a .csv file (named `<base>-YYYY-MM-DD.csv`) through a temporary link. */
export function downloadCsv(text: string, base: string) {
  // A byte-order mark so spreadsheet apps read the UTF-8 (accents, emoji) right.
  const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${base}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
