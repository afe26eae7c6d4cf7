const paragraph = (topic: string): string =>
  `<p>The ${topic} of the tide follows the moon and the sun, which pull the oceans of the world towards them; ` +
  `where the coast is shallow and the basin long, as in the Bay of Fundy, the ${topic} is greatest of all, ` +
  'and harbour masters publish tables of it a year ahead so that ships may plan their passage.</p>';

/** A news page: its article in <main>, navigation in <header> and a footer that Readability leaves out. */
export const TIDES_PAGE = `<!doctype html>
<html><head><title>How tides work</title></head><body>
<header><nav><ul>
<li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li>
<li><a href="/weather">Weather</a></li><li><a href="/about">About us</a></li>
</ul></nav></header>
<main><article>
<h1>How tides work</h1>
${paragraph('range')}
${paragraph('height')}
<h2>Spring and neap tides</h2>
${paragraph('strength')}
${paragraph('timing')}
</article></main>
<footer><p>Copyright 2026 Example Media. Terms of use. Privacy policy. Cookie settings.</p></footer>
</body></html>
`;
