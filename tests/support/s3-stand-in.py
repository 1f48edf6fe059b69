"""The S3 stand-in for every test suite: moto's server mode on loopback, with one bucket and one pair of keys.

Usage: PYTHON s3-stand-in.py PORT, where PYTHON is what tests/support/s3-stand-in-install.sh prints (the
virtual environment moto is installed in). Starts moto on 127.0.0.1:PORT with its key checks on (a request
signed with a key it does not know is refused, as a real store refuses it), creates a user with an access
key allowed everything on S3, and the bucket `solace-test`. Then prints "ready" and one JSON line:
{"endpoint", "region", "bucket", "access_key_id", "secret_access_key"}. Stops when its standard input
closes: the process that started it ended, however it ended (killed too).
"""
import json
import logging
import os
import sys

# moto checks keys only after this many requests: the ones below that make the user, its key and the
# bucket. It reads the setting when it is imported.
SETUP_REQUESTS = 4
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = str(SETUP_REQUESTS)
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")

import boto3  # noqa: E402
from moto.server import ThreadedMotoServer  # noqa: E402

port = int(sys.argv[1])
region = "us-east-1"
endpoint = f"http://127.0.0.1:{port}"
bucket = "solace-test"

# One line per request on standard error would bury the test output.
logging.getLogger("werkzeug").setLevel(logging.ERROR)
server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
server.start()

# Any keys will do for the setup requests, which moto does not check.
setup = {"endpoint_url": endpoint, "region_name": region, "aws_access_key_id": "setup",
         "aws_secret_access_key": "setup"}
iam = boto3.client("iam", **setup)
iam.create_user(UserName="solace")
key = iam.create_access_key(UserName="solace")["AccessKey"]
iam.put_user_policy(
    UserName="solace",
    PolicyName="s3",
    PolicyDocument=json.dumps(
        {"Version": "2012-10-17",
         "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    ),
)
boto3.client("s3", **setup).create_bucket(Bucket=bucket)

print("ready", flush=True)
print(
    json.dumps(
        {
            "endpoint": endpoint,
            "region": region,
            "bucket": bucket,
            "access_key_id": key["AccessKeyId"],
            "secret_access_key": key["SecretAccessKey"],
        }
    ),
    flush=True,
)
sys.stdin.read()
server.stop()
