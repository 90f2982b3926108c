"""What a normal (not editable) ``pip install .`` ships: every package of the
firmware and of the host tools, or a command that imports a package left out
(patience-solve needs patience.solver) fails in such an install."""

import warnings
from pathlib import Path

from setuptools.config.pyprojecttoml import read_configuration

REPO = Path(__file__).resolve().parent.parent


def package_names(root, top):
    """The dotted name of every folder under ``root``/``top`` holding an __init__.py."""
    return {init.parent.relative_to(root).as_posix().replace("/", ".")
            for init in (root / top).rglob("__init__.py")}


def test_a_normal_install_ships_every_package():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools calls [tool.setuptools] beta
        config = read_configuration(REPO / "pyproject.toml")["tool"]["setuptools"]
    expected = package_names(REPO / "firmware", "patience") | package_names(REPO, "host_sim")
    assert "patience.solver" in expected
    assert set(config["packages"]) == expected
    assert config["package-dir"]["patience"] == "firmware/patience"
