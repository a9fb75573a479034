"""Executes notebooks one after another on one kernel, writing the executed copies.

    /usr/bin/python3 notebooks/execute.py KERNEL OUTDIR NOTEBOOK...

One kernel serves every notebook: each notebook's cells run in order, as `jupyter nbconvert
--execute` runs them, but the JVM, JShell and Spark start once instead of once per notebook
(each start took 15-25 s on a 2-core machine). Each notebook opens the warehouse itself, so none
relies on another's state. rapaio-jupyter-kernel 3.0.1 often loses a start-up race and never
answers (or dies before answering kernel_info): of 50 starts measured on a 2-core machine, 39
answered in 1.4-1.7 s, 10 never answered and 1 died, and a CI run once met three such starts in a
row. So a start is given up after 10 s and made again, up to ten times (at 22 % a start, all ten
fail about once in four million runs). A cell that throws
fails the run (exit 1) after the notebook's executed copy, with the error, is written.
"""
import os
import sys
import time

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

START_ATTEMPTS = 10
START_TIMEOUT = 10
CELL_TIMEOUT = 900


def start_kernel(name):
    """The kernel and the one client that every notebook uses (the kernel answered no second client here)."""
    for attempt in range(1, START_ATTEMPTS + 1):
        km = KernelManager(kernel_name=name)
        km.start_kernel()
        kc = km.client()
        kc.start_channels()
        try:
            kc.wait_for_ready(timeout=START_TIMEOUT)
            return km, kc, attempt
        except RuntimeError as e:
            print(f"notebooks: the kernel did not start (attempt {attempt}: {e}); starting it again",
                  file=sys.stderr, flush=True)
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    sys.exit(f"notebooks: the kernel did not start in {START_ATTEMPTS} attempts")


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: execute.py KERNEL OUTDIR NOTEBOOK...")
    name, outdir, paths = argv[0], argv[1], argv[2:]
    os.makedirs(outdir, exist_ok=True)
    start = time.time()
    km, kc, attempts = start_kernel(name)
    print(f"notebooks: kernel '{name}' started in {time.time() - start:.0f} s (attempt {attempts})", flush=True)
    try:
        for path in paths:
            began = time.time()
            nb = nbformat.read(path, as_version=4)
            client = NotebookClient(nb, km=km, kernel_name=name, timeout=CELL_TIMEOUT,
                                    startup_timeout=START_TIMEOUT,
                                    resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
            client.kc = kc
            failed = None
            try:
                client.execute()
            except CellExecutionError as e:
                failed = e
            target = os.path.join(outdir, os.path.basename(path))
            nbformat.write(nb, target)
            if failed is not None:
                print(f"notebooks: {os.path.basename(path)} FAILED; executed copy: {target}", file=sys.stderr)
                print(str(failed)[-3000:], file=sys.stderr)
                return 1
            print(f"notebooks: {os.path.basename(path)} executed in {time.time() - began:.0f} s", flush=True)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    print(f"notebooks: {len(paths)} notebooks in {time.time() - start:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
