"""A table across machines with --tls (issue 35): the traffic encrypted with
the host's certificate; a seat that trusts it joins, one that does not (or
that speaks plain WebSocket to it) is told why, in words that say what to
give."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from ginrummies.core import preset
from ginrummies.core.levels import Level, SeatKind
from ginrummies.net.client import JoinError, join
from ginrummies.net.protocol import Lobby
from ginrummies.net.server import TableServer
from ginrummies.net.table import Table
from ginrummies.play.session import Seat, Session

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (as a host's own would be)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    make = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    names = ["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1"]
    files = ["-keyout", str(key), "-out", str(cert)]
    subprocess.run([*make, *files, *names], check=True, capture_output=True)
    return cert, key


async def test_a_table_over_tls_takes_only_seats_that_trust_it(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(cert, key)
    seats = [Seat("Computer A", SeatKind.COMPUTER, Level.EASY), Seat("Seat B")]
    table = Table(Session(preset("gin"), seats, 4), frozenset({1}))
    host = TableServer(table, started=False)
    _, port = await host.listen(tls=server)
    address = f"127.0.0.1:{port}"
    try:
        with pytest.raises(JoinError, match="--tls"):
            await join(address, table.code, "Eve")  # plain WebSocket to a TLS table
        with pytest.raises(JoinError, match=r"not trusted.*--tls-ca"):
            await join(address, table.code, "Eve", tls=ssl.create_default_context())
        assert not table.full
        trusted = ssl.create_default_context(cafile=str(cert))
        seated = await join(address, table.code, "Tess", tls=trusted)
        assert isinstance(await seated.receive(), Lobby) and table.full
        await seated.close()
    finally:
        await host.close()
