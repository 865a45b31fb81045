"""What printing runs on: ReportLab's C accelerator, and only the modules printing needs."""

import json
import subprocess
import sys
import types

import pypdf
from reportlab.lib import rl_accel
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen import canvas

SERVICE_ONLY = ("flask", "flask_smorest", "redis", "rq", "gunicorn", "gevent", "marshmallow", "pypdf", "tqdm")
SERVICE_ONLY += ("api.config",)


def test_reportlab_writes_numbers_and_strings_with_its_c_accelerator():
    accelerated = ("fp_str", "escapePDF", "instanceStringWidthTTF", "calcChecksum")
    assert set(accelerated) <= set(rl_accel._c_funcs), "rl-accel is not installed: ReportLab falls back to Python"
    for function in (canvas.fp_str, pdfdoc.fp_str, pdfdoc.escapePDF):
        assert isinstance(function, types.BuiltinFunctionType), f"{function!r} is ReportLab's Python fallback"


def test_deskovka_print_imports_no_part_of_the_service(tmp_path):
    out = tmp_path / "deck.pdf"
    script = (
        "import json, sys\n"
        "from api.cli import main\n"
        # With a back offset, drawn in the one pass: no second pass over the PDF (pypdf) either.
        "code = main(['print', 'deck', 'homer-odyssey', '--size', 'tarot', '--back-offset=1,-0.5',\n"
        f"             '-o', {str(out)!r}])\n"
        "print(json.dumps([code, sorted(sys.modules)]))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    code, modules = json.loads(result.stdout.splitlines()[-1])
    assert code == 0 and len(pypdf.PdfReader(out).pages) > 2
    loaded = [name for name in SERVICE_ONLY if name in modules]
    assert not loaded, f"`deskovka print deck` imported {loaded}"


def test_the_service_commands_still_load_their_modules():
    result = subprocess.run([sys.executable, "-m", "api.cli", "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    for command in ("serve", "worker", "openapi", "print", "deck"):
        assert command in result.stdout
