// A program bot in JavaScript (Node.js): the handshake, then a random legal decision each time,
// answered by its index; its log goes to stderr.
const readline = require("readline");
const lines = readline.createInterface({ input: process.stdin });
let greeted = false;
let seed = 12345;
function below(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "hello" && !greeted) {
    greeted = true;
    console.error(`random_bot.js: seat ${message.seat}, protocol ${message.version}`);
    process.stdout.write(JSON.stringify({ type: "hello", version: 1, name: "random.js" }) + "\n");
  } else if (message.type === "decide") {
    process.stdout.write(String(below(message.legal.length)) + "\n");
  } else if (message.type === "bye") {
    lines.close();
  }
});
