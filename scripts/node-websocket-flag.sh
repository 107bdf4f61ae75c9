# Sourced by the test scripts. Node 20 has WebSocket (which supabase-js's realtime client needs) only
# behind --experimental-websocket; Node 22 and later have it on by default, so the flag is added only
# where the running Node is older than 22.
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-websocket"
fi
