import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
for (const q of process.argv.slice(3)) console.log(q, '\n ', db.prepare(q).all());
