"""The tour notebook in JupyterLab, in a real browser: run all cells, click Step."""

from __future__ import annotations

from pathlib import Path

import nbformat

from tests.browser.conftest import ROOT, free_port, jupyter_command, serve

KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const widget = app && app.shell.currentWidget;
  const ctx = widget && widget.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""
ALL_RUN = """() => {
  const app = window.jupyterapp;
  const widget = app.shell.currentWidget;
  const kernel = widget.sessionContext.session.kernel;
  const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
    .map(p => p.textContent.trim());
  return kernel.status === 'idle' && prompts.length > 0
    && prompts.every(p => /^\\[\\d+\\]:$/.test(p));
}"""


def test_tour_runs_in_jupyterlab_and_steps(page: object, artifacts: Path,
                                           tmp_path: Path) -> None:
    work = tmp_path / "lab"
    work.mkdir()
    nb = nbformat.read(ROOT / "notebooks" / "00-tour.ipynb", as_version=4)
    for cell in nb.cells:  # a fresh copy: prompts fill only when the kernel really runs
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, work / "tour-copy.ipynb")
    port = free_port()
    command = [*jupyter_command("jupyter-lab"), "--no-browser", "--allow-root",
               f"--port={port}", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
               "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
               f"--ServerApp.root_dir={work}", "--ServerApp.open_browser=False"]
    base = f"http://127.0.0.1:{port}"
    with serve(command, f"{base}/api", cwd=work, log=tmp_path / "lab.log", timeout=90):
        page.goto(f"{base}/lab/tree/tour-copy.ipynb?reset")  # type: ignore[attr-defined]
        page.wait_for_function(KERNEL_READY, timeout=120_000)  # type: ignore[attr-defined]
        page.evaluate(  # type: ignore[attr-defined]
            "() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(ALL_RUN, timeout=180_000)  # type: ignore[attr-defined]
        stepper = page.locator(".simlab-stepper").first  # type: ignore[attr-defined]
        stepper.locator(".simlab-status").wait_for()
        stepper.scroll_into_view_if_needed()  # JupyterLab may not render cells out of view
        stepper.locator(".simlab-status", has_text="move ").wait_for()
        before = stepper.locator(".simlab-status").text_content() or ""
        moves = int(before.split()[1])
        board = stepper.locator(".simlab-board-frame")
        board.locator("svg").wait_for()
        picture = board.inner_html()
        stepper.locator("button.simlab-step").click()
        stepper.locator(".simlab-status", has_text=f"move {moves + 1} ").wait_for()
        assert picture.count("<text") > 10  # the board is drawn (a step may change nothing on it)
        assert f"{moves + 1}. " in stepper.locator(".simlab-log").inner_text()
        page.screenshot(path=str(artifacts / "lab-tour.png"))  # type: ignore[attr-defined]
