"""A program bot for the tests: the handshake, then the first legal decision each time (by its
catalogue ids when told `--ids`), logging to stderr. `--crash-after N` exits with code 3 at the
Nth decision, `--slow-after N` sleeps there, `--garbage-after N` answers nonsense there,
`--deaf-after N` answers a thousand times at once there and stops reading its input,
`--version V` claims another protocol version."""

import argparse
import json
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--ids", action="store_true")
parser.add_argument("--crash-after", type=int, default=0)
parser.add_argument("--slow-after", type=int, default=0)
parser.add_argument("--garbage-after", type=int, default=0)
parser.add_argument("--deaf-after", type=int, default=0)
parser.add_argument("--version", type=int, default=1)
args = parser.parse_args()

hello = json.loads(sys.stdin.readline())
assert hello["type"] == "hello" and hello["protocol"] == "lastlight-bot", hello
print(json.dumps({"type": "hello", "version": args.version, "name": "first"}), flush=True)
print(f"first_bot: seat {hello['seat']} of {hello['players']}", file=sys.stderr)
count = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "bye":
        break
    count += 1
    if count == args.crash_after:
        sys.exit(3)
    if count == args.slow_after:
        time.sleep(30)
    if count == args.deaf_after:
        print("0\n" * 1000, end="", flush=True)
        time.sleep(60)
    if count == args.garbage_after:
        print("the third one, please", flush=True)
        continue
    assert message["observation"]["seat"] == message["seat"]
    print(json.dumps(message["ids"][0]) if args.ids else "0", flush=True)
