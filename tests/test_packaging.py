"""What a normal (not editable) ``pip install .`` ships: every package of the
firmware and of the host tools, or a command that imports a package left out
(patience-solve needs patience.solver) fails in such an install."""

import warnings
from pathlib import Path

from setuptools.config.pyprojecttoml import read_configuration

REPO = Path(__file__).resolve().parent.parent


def package_names(root, top):
    """The dotted name of every folder under ``root``/``top`` holding Python
    modules (a package whether or not it has its __init__.py)."""
    return {module.parent.relative_to(root).as_posix().replace("/", ".")
            for module in (root / top).rglob("*.py") if "__pycache__" not in module.parts}


def test_a_normal_install_ships_every_package():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools calls [tool.setuptools] beta
        config = read_configuration(REPO / "pyproject.toml")["tool"]["setuptools"]
    expected = package_names(REPO / "firmware", "patience") | package_names(REPO, "host_sim")
    assert "patience.solver" in expected
    assert set(config["packages"]) == expected
    assert config["package-dir"]["patience"] == "firmware/patience"
